import { KEY_MAP_JOYSTICK_RADIUS, KEY_MAP_MAX_CONTROLS, KEY_MAP_REPEAT_RATE } from '@cloudphone/contracts/key-maps';
import type { Messages } from '../../../lib/i18n/locales/zh-CN';
import type { sdkExamples } from '../sdk-examples';

/** A text of the guide, under `sdkGuide.*`. */
type GuideText = Exclude<keyof Messages['sdkGuide'], 'copy' | 'copied'>;
/** One of the guide's pieces of code (`sdkExamples`). */
type GuideCode = keyof ReturnType<typeof sdkExamples>;

/** A paragraph, and the code it introduces, if any. */
export interface SdkGuideStep {
  text: GuideText;
  code?: GuideCode;
}

export interface SdkGuideSection {
  /** The section's heading; the opening has none. */
  title?: GuideText;
  steps: readonly SdkGuideStep[];
}

/**
 * The SDK guide in its order (spec §2 sdkGuide; issue 29): the signing, the merchant key, a worked
 * example of signing a user into the client, messages, one phone's SDK, ADB (issue 35), key maps (issue 65) and the replies. Every face
 * (the phone app's page, the desktop's screen) draws these.
 */
export const SDK_GUIDE_SECTIONS: readonly SdkGuideSection[] = [
  { steps: [{ text: 'intro' }] },
  { title: 'signingTitle', steps: [{ text: 'signingText', code: 'signing' }] },
  { title: 'keyTitle', steps: [{ text: 'keyText', code: 'merchantKey' }] },
  {
    title: 'entryTitle',
    steps: [
      { text: 'entryText' },
      { text: 'entryStep1', code: 'entryRequest' },
      { text: 'entryStep2', code: 'entryReply' },
      { text: 'entryStep3', code: 'entryOpen' },
    ],
  },
  { title: 'messageTitle', steps: [{ text: 'messageText', code: 'message' }] },
  { title: 'deviceTitle', steps: [{ text: 'deviceText', code: 'device' }] },
  {
    title: 'adbTitle',
    steps: [
      { text: 'adbText' },
      { text: 'adbStep1', code: 'adbKey' },
      { text: 'adbStep2', code: 'adbShell' },
      { text: 'adbStep3', code: 'adbBulk' },
    ],
  },
  {
    title: 'keyMapTitle',
    steps: [
      { text: 'keyMapText', code: 'keyMap' },
      { text: 'keyMapShip', code: 'keyMapShip' },
    ],
  },
  { title: 'errorsTitle', steps: [{ text: 'errorsText' }] },
];

/** The limits the guide's texts name, from their one home. */
export const SDK_GUIDE_VALUES = {
  maxControls: KEY_MAP_MAX_CONTROLS,
  repeatMin: KEY_MAP_REPEAT_RATE.min,
  repeatMax: KEY_MAP_REPEAT_RATE.max,
  radiusMin: KEY_MAP_JOYSTICK_RADIUS.min,
  radiusMax: KEY_MAP_JOYSTICK_RADIUS.max,
};

/** What a piece of code is called (its figure's label): its step where the section has several, else the section. */
export const codeLabelOf = (section: SdkGuideSection, step: SdkGuideStep): GuideText =>
  section.steps.length > 1 || !section.title ? step.text : section.title;
