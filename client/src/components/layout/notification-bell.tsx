import Bell from 'lucide-react/icons/bell';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

/** The notification bell. Notifications (polling, unread badge, mark read) arrive with their issue. */
export function NotificationBell() {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell className="size-5" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications">
        <p className="font-semibold">Notifications</p>
        <p className="mt-1 text-sm text-muted-foreground">You're all caught up. Answers to your questions and meeting updates will appear here.</p>
      </PopoverContent>
    </Popover>
  );
}
