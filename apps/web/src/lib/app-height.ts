/**
 * Sets the window's inner height on the app container (spec §9), so full-height layouts fit mobile
 * browsers whose toolbars come and go (100vh would hide content under them).
 */
export function trackAppHeight(container: HTMLElement): () => void {
  const update = () => {
    container.style.height = `${window.innerHeight}px`;
  };
  update();
  window.addEventListener('resize', update);
  return () => window.removeEventListener('resize', update);
}
