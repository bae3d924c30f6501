/**
 * Puts `text` on the device's clipboard: the Clipboard API where the page may use it, else a hidden
 * field and the copy command (older in-app browsers). True when it was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    try {
      return document.execCommand('copy');
    } finally {
      field.remove();
    }
  }
}

/** Puts a picture (a data URL) on the device's clipboard, where the page may; true when it was copied. */
export async function copyImage(dataUrl: string): Promise<boolean> {
  try {
    const blob = await (await fetch(dataUrl)).blob();
    await navigator.clipboard.write([new ClipboardItem({ [blob.type]: blob })]);
    return true;
  } catch {
    return false;
  }
}

/** The name a phone's screenshot is saved under: the phone's name and the time it was taken. */
export const screenshotFileName = (phoneName: string, at = new Date()) =>
  `${phoneName}-${at.toISOString().replace(/[:.]/g, '-')}.png`;
