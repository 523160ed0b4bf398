import * as RadixMenu from "@radix-ui/react-dropdown-menu";
import { clsx } from "clsx";
import type { ComponentProps, ReactNode } from "react";
import { menuItemClass } from "./menu";

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

export function DropdownMenuContent({
  children,
  side = "bottom",
  align = "start",
}: {
  children: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  align?: "start" | "center" | "end";
}) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        side={side}
        align={align}
        sideOffset={6}
        className="z-50 min-w-44 rounded-card border border-gray-200 bg-white p-1 shadow-lg"
      >
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={clsx(menuItemClass, className)} {...props} />;
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label className="px-2.5 py-1.5 text-[13px] text-gray-500">{children}</RadixMenu.Label>;
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-gray-100" />;
}
