import { Loader2 } from "lucide-react";

export function LoadingMessage({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-12 text-slate-500">
      <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
      <span>{text}</span>
    </div>
  );
}

/** The spec's detail errors: red and centred. */
export function ErrorMessage({ text }: { text: string }) {
  return (
    <p role="alert" className="py-12 text-center text-red-600">
      {text}
    </p>
  );
}
