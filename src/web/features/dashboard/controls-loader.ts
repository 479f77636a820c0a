// When the menus, popovers and dialog of the dashboard load. They are not needed to show the first page of
// cards, so their code waits until that page is on screen and the browser is idle (or the visitor starts to
// interact), keeping both the initial JavaScript and the work around the first render small.

/**
 * How a visitor activated a control's placeholder before the control's code arrived; the control then opens as
 * soon as it mounts (a keyboard activation also puts focus on the first menu item, as Radix does).
 */
export type ControlActivation = "pointer" | "keyboard";

let signalReady: (() => void) | undefined;
const ready = new Promise<void>((resolve) => {
  signalReady = resolve;
});
let isScheduled = false;

function markReady() {
  signalReady?.();
  signalReady = undefined;
}

/** Loads the controls at once: a visitor activated a placeholder, even before the first list settled. */
export function loadControlsNow(): void {
  markReady();
}

/** Resolves once the controls may load. */
export function whenControlsMayLoad(): Promise<void> {
  return ready;
}

/** Called when the first list is on screen: load in the next idle period, or at the first interaction. */
export function scheduleControlsLoad(): void {
  if (isScheduled || typeof window === "undefined") return;
  isScheduled = true;
  const events = ["pointerdown", "keydown", "focusin"] as const;
  const handleInteraction = () => {
    for (const name of events) window.removeEventListener(name, handleInteraction, true);
    markReady();
  };
  for (const name of events) window.addEventListener(name, handleInteraction, { capture: true, once: true });
  if ("requestIdleCallback" in window) window.requestIdleCallback(markReady, { timeout: 1000 });
  else setTimeout(markReady, 200);
}

/** Loads a module after `whenControlsMayLoad`, retrying once (a deploy can replace chunks under an open page). */
export async function loadControl<T>(load: () => Promise<T>): Promise<T> {
  await whenControlsMayLoad();
  try {
    return await load();
  } catch (error) {
    console.warn("Retrying a control that failed to load", error);
    return load();
  }
}
