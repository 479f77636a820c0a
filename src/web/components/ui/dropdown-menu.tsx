import { Check, ChevronRight, Circle } from "lucide-react";
import { DropdownMenu as MenuPrimitive } from "radix-ui";
import { type ComponentProps, useRef } from "react";
import { cn } from "../../lib/cn.ts";

// Radix menus bring the spec's behaviour: type-ahead resets after 1 s, a sub-menu opens on hover after 100 ms.
export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;
export const DropdownMenuSub = MenuPrimitive.Sub;
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

const contentClass = cn(
  "z-50 min-w-[10rem] overflow-x-hidden overflow-y-auto rounded-md border border-slate-200 bg-white p-1",
  "text-slate-900 shadow-lg",
);
const itemClass = cn(
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none",
  "data-[highlighted]:bg-slate-100 data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
  "[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
);

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  focusFirstItemOnMount = false,
  onFocus,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content> & {
  /**
   * On the first opening only, focus the first enabled item, as Radix does after a keyboard activation of the
   * trigger: for a menu opened from code (`defaultOpen`) after a keypress that Radix did not see.
   */
  focusFirstItemOnMount?: boolean;
}) {
  const shouldFocusFirstItem = useRef(focusFirstItemOnMount);
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        onFocus={(event) => {
          onFocus?.(event);
          // Radix focuses the content itself when it opens: pass that on to the first item.
          if (!shouldFocusFirstItem.current || event.target !== event.currentTarget) return;
          shouldFocusFirstItem.current = false;
          event.currentTarget
            .querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')
            ?.focus({ preventScroll: true });
        }}
        className={cn(contentClass, "max-h-[var(--radix-dropdown-menu-content-available-height)]", className)}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & { variant?: "default" | "destructive" }) {
  return (
    <MenuPrimitive.Item
      className={cn(
        itemClass,
        variant === "destructive" && "text-red-700 data-[highlighted]:bg-red-50",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.RadioItem>) {
  return (
    <MenuPrimitive.RadioItem className={cn(itemClass, "pl-8", className)} {...props}>
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <Circle aria-hidden className="size-2 fill-current" />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.RadioItem>
  );
}

export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.CheckboxItem>) {
  return (
    <MenuPrimitive.CheckboxItem className={cn(itemClass, "pl-8", className)} {...props}>
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <Check aria-hidden />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.CheckboxItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label
      className={cn("px-2 py-1.5 text-xs font-semibold text-slate-500", className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn("-mx-1 my-1 h-px bg-slate-200", className)} {...props} />;
}

export function DropdownMenuSubTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.SubTrigger>) {
  return (
    <MenuPrimitive.SubTrigger
      className={cn(itemClass, "data-[state=open]:bg-slate-100", className)}
      {...props}
    >
      {children}
      <ChevronRight aria-hidden className="ml-auto" />
    </MenuPrimitive.SubTrigger>
  );
}

export function DropdownMenuSubContent({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.SubContent>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.SubContent className={cn(contentClass, className)} {...props} />
    </MenuPrimitive.Portal>
  );
}
