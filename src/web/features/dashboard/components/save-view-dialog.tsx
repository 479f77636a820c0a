import { BookmarkPlus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { DashboardFilters } from "../../../../core/url-state.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { savedViewsStore } from "../../../lib/saved-views.ts";
import { toast } from "../../../lib/toast.ts";
import type { ControlActivation } from "../controls-loader.ts";

export function SaveViewDialog({
  filters,
  activation = null,
}: {
  filters: DashboardFilters;
  /** Set when the visitor activated the placeholder before this loaded: the dialog opens at once. */
  activation?: ControlActivation | null;
}) {
  const [isOpen, setIsOpen] = useState(activation !== null);
  const [name, setName] = useState("");
  const inputId = useId();

  function handleOpenChange(open: boolean) {
    setIsOpen(open);
    if (!open) setName("");
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === "") {
      toast.error("Error", { description: "Please enter a name for this view" });
      return;
    }
    try {
      const view = savedViewsStore.save(name, filters);
      toast.success("View saved", { description: `“${view.name}” is in Saved Views.` });
      handleOpenChange(false);
    } catch {
      toast.error("Error saving view", { description: "There was a problem saving your view" });
    }
  }

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <BookmarkPlus aria-hidden />
          Save Current View
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={handleSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Save Current View</DialogTitle>
            <DialogDescription>
              Keep the current filters under a name to load them again later. Views are stored in this
              browser.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>View name</Label>
            <Input
              id={inputId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. 5-star homes in Ohio"
              maxLength={100}
              autoComplete="off"
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit">Save View</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
