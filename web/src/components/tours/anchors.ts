export const anchorSelector = (anchor: string) => `[data-tour="${anchor}"]`;
export const anchorPresent = (anchor: string) => document.querySelector(anchorSelector(anchor)) !== null;
/** On the page and done loading (a list still loading says so with aria-busy). */
export const anchorReady = (anchor: string) =>
  document.querySelector(`${anchorSelector(anchor)}:not([aria-busy="true"])`) !== null;
