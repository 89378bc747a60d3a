/**
 * A module loaded on its first use, once. For the large ones only a few
 * requests need (sharp and jsQR read slips and reward images, web-push sends
 * to phones): imported at start they added about 40 MiB to every server's
 * resident memory, idle or not.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}

export const loadSharp = lazyModule(async () => (await import('sharp')).default);
export const loadJsQr = lazyModule(async () => (await import('jsqr')).default);
export const loadWebPush = lazyModule(async () => (await import('web-push')).default);
