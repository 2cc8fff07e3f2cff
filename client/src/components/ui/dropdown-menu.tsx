import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import Check from 'lucide-react/icons/check';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cn } from '@/lib/utils';

/**
 * A menu that leaves the rest of the page readable (not modal): opening it does not hide the page's
 * heading and landmarks from assistive technology, while the menu still takes focus, moves with the
 * arrow keys and closes on Escape or a click outside.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentPropsWithoutRef<typeof MenuPrimitive.Root>) {
  return <MenuPrimitive.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;

/**
 * The open menu, drawn right after its trigger in the document (no portal), so it sits inside the
 * trigger's landmark or dialog: reading order follows the trigger, and a menu inside a dialog is not
 * hidden with the rest of the page. It floats with fixed positioning, so it is not clipped by
 * scrolling containers.
 */
export const DropdownMenuContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.Content>>(
  ({ className, sideOffset = 6, align = 'end', collisionPadding = 8, ...props }, ref) => (
    <MenuPrimitive.Content
      ref={ref}
      sideOffset={sideOffset}
      align={align}
      collisionPadding={collisionPadding}
      className={cn(
        'z-50 min-w-56 max-w-[calc(100vw-1rem)] overflow-hidden rounded-xl border border-border bg-card p-1.5 text-card-foreground shadow-soft',
        'data-[state=open]:motion-safe:animate-fade-in',
        className,
      )}
      {...props}
    />
  ),
);
DropdownMenuContent.displayName = 'DropdownMenuContent';

export const DropdownMenuItem = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.Item>>(({ className, ...props }, ref) => (
  <MenuPrimitive.Item
    ref={ref}
    className={cn(
      'relative flex cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none transition-colors',
      'focus:bg-primary-50 focus:text-primary-800 data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
      className,
    )}
    {...props}
  />
));
DropdownMenuItem.displayName = 'DropdownMenuItem';

export const DropdownMenuLabel = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.Label>>(({ className, ...props }, ref) => (
  <MenuPrimitive.Label ref={ref} className={cn('px-2.5 py-2 text-sm', className)} {...props} />
));
DropdownMenuLabel.displayName = 'DropdownMenuLabel';

export const DropdownMenuSeparator = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.Separator>>(({ className, ...props }, ref) => (
  <MenuPrimitive.Separator ref={ref} className={cn('-mx-1.5 my-1.5 h-px bg-border', className)} {...props} />
));
DropdownMenuSeparator.displayName = 'DropdownMenuSeparator';

export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

/** A menu item that is one choice of a RadioGroup (role menuitemradio, aria-checked), with a check for the chosen one. */
export const DropdownMenuRadioItem = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.RadioItem>>(
  ({ className, children, ...props }, ref) => (
    <MenuPrimitive.RadioItem
      ref={ref}
      className={cn(
        'relative flex min-h-10 cursor-pointer select-none items-center gap-2.5 rounded-lg py-2 pl-8 pr-2.5 text-sm outline-none transition-colors',
        'focus:bg-primary-50 focus:text-primary-800 data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    >
      <span className="absolute left-2.5 flex size-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <Check aria-hidden="true" />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.RadioItem>
  ),
);
DropdownMenuRadioItem.displayName = 'DropdownMenuRadioItem';
