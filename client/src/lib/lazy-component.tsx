import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

/**
 * A component whose code downloads on demand; `preload()` starts the download ahead of the first render,
 * `loaded()` tells whether it has arrived.
 */
export type LazyComponent<Props extends object> = ComponentType<Props> & { preload: () => Promise<ComponentType<Props>>; loaded: () => boolean };

/**
 * React.lazy plus `preload()`, without the Suspense fallback when the code is already there: once the
 * download has finished (started beside an API call, say), the component renders at once instead of
 * suspending for a tick and then waiting out React's 300 ms throttle before revealing the content.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed download (offline) is retried on the next render
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component }))) as unknown as ComponentType<Props>;
  function OnDemand(props: Props) {
    // Chosen once per mount: a download finishing later never swaps the type (which would remount it).
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(OnDemand, { preload, loaded: () => loaded !== undefined });
}

/**
 * Mounts a lazy dialog (a lazyComponent) once it is first opened, and keeps it mounted after, so it closes and
 * hands focus back as before; in a Suspense of its own, so a screen neither waits for a dialog's code at first
 * paint (issue 40 item 4: react-hook-form comes with the dialog) nor falls back to a spinner while it downloads.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
