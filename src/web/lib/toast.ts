// Toasts without sonner in the initial bundle: the library loads right after the first render (the lazy
// <Toaster> in app.tsx requests it), and these calls wait for it. Same `sonner` module, so the same toast state.
import type { ExternalToast } from "sonner";

type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | undefined;

export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

function show(kind: "success" | "error" | "message", title: string, options?: ExternalToast): void {
  loadSonner()
    .then(({ toast: sonnerToast }) => {
      if (kind === "message") sonnerToast(title, options);
      else sonnerToast[kind](title, options);
    })
    .catch((error: unknown) => console.error("Could not show a notification", title, error));
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
  message: (title: string, options?: ExternalToast) => show("message", title, options),
};
