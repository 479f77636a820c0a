import { ArrowUp } from "lucide-react";
import { useSyncExternalStore } from "react";
import { SCROLL_TOP_THRESHOLD_PX } from "../../../../core/constants.ts";
import { Button } from "../../../components/ui/button.tsx";

function subscribe(onChange: () => void) {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
}

// A boolean snapshot: scrolling re-renders only when the button should appear or disappear.
const isScrolledPastThreshold = () => window.scrollY > SCROLL_TOP_THRESHOLD_PX;

export function ScrollToTopButton() {
  const isVisible = useSyncExternalStore(subscribe, isScrolledPastThreshold);
  if (!isVisible) return null;
  return (
    <Button
      size="icon"
      aria-label="Scroll to top"
      title="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      className="fixed right-6 bottom-6 z-40 size-11 rounded-full shadow-lg [&_svg]:size-5"
    >
      <ArrowUp aria-hidden />
    </Button>
  );
}
