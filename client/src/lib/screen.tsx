// A screen in its own chunk. Unlike React.lazy it renders at once when its chunk is already
// loaded: the server loads every screen before its first render (renderToString cannot wait),
// and the browser loads the current screen before hydrating, so hydration never meets a fallback.
import { use, type ComponentType } from 'react';

type Loader = () => Promise<Record<string, unknown>>;

export interface Screen<P extends object = object> {
  (props: P): React.ReactNode;
  preload(): Promise<ComponentType<P>>;
}

export function screen<P extends object = object>(load: Loader, name = 'default'): Screen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((module) => (loaded = module[name] as ComponentType<P>)));
  function LoadedScreen(props: P) {
    // use() suspends on the first visit of a screen that is not loaded yet (a Suspense shows the wait).
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(LoadedScreen, { preload });
}
