import Menu from 'lucide-react/icons/menu';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { useT } from '@/i18n';
import { Brand } from './brand';
import { CommunitySwitcher } from './community-switcher';
import { MobileNavList } from './nav-links';

/** Below 768 px the navigation is a slide-out menu opened by a labelled button. */
export function MobileNav() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="-ml-2 md:hidden" aria-label={t('Open menu')}>
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle className="sr-only">{t('Menu')}</SheetTitle>
        <SheetDescription className="sr-only">{t('Navigate Steadfast')}</SheetDescription>
        <Brand />
        <CommunitySwitcher onNavigate={() => setOpen(false)} />
        <MobileNavList onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}
