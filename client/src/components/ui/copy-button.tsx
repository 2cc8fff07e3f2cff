import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { useEffect, useState } from 'react';
import { useT } from '@/i18n';
import { Button, type ButtonProps } from './button';
import { toast } from './use-toast';

const COPIED_FEEDBACK_MS = 2000;

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** What goes to the clipboard. */
  text: string;
  /** The button's accessible name before copying. */
  label: string;
  /** Shown (and announced) for two seconds after copying. */
  copiedLabel?: string;
  /** The visible text before copying. */
  children?: string;
  onCopied?: () => void;
}

/** Copies `text` to the clipboard and says so; when the clipboard is unavailable, asks to copy by hand. */
export function CopyButton({ text, label, copiedLabel, children, onCopied, variant = 'outline', ...props }: CopyButtonProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setCopied(true);
      onCopied?.();
    } catch {
      toast({ title: t('Copy failed'), description: t('Select the text and copy it by hand.'), variant: 'destructive' });
    }
  };

  return (
    <Button variant={variant} onClick={() => void copy()} aria-label={copied ? (copiedLabel ?? t('Copied!')) : label} {...props}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? (copiedLabel ?? t('Copied!')) : (children ?? t('Copy'))}</span>
    </Button>
  );
}
