import { AnchorHTMLAttributes, MouseEvent, useSyncExternalStore } from 'react';

// A small history router: the URL is the page's state (path, step, viewer, filters), so every
// view can be shared and reloaded. `navigate` replaces the entry for moves within a page.

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
window.addEventListener('popstate', notify);
window.addEventListener('hashchange', notify);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => window.location.pathname + window.location.search + window.location.hash;

export function useLocation(): { path: string; params: URLSearchParams; hash: string } {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, window.location.origin);
  return { path: url.pathname, params: url.searchParams, hash: decodeURIComponent(url.hash.slice(1)) };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  notify();
}

type Changes = Record<string, string | number | null | undefined>;

/** The current URL with some query parameters changed (null removes one) and, when given, another hash. */
export function hrefWith(changes: Changes, hash?: string): string {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined || v === '') url.searchParams.delete(k);
    else url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search + (hash === undefined ? url.hash : hash ? `#${hash}` : '');
}

/** Updates some query parameters of the current URL (null removes one). */
export function setParams(changes: Changes, options: { replace?: boolean } = { replace: true }): void {
  navigate(hrefWith(changes), options);
}

/** An anchor that navigates in-app on a plain left click, and stays a real link otherwise. */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={click} {...rest} />;
}

/** Matches `/games/:id` style patterns; null when the path does not fit. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const a = path.replace(/\/+$/, '').split('/');
  if (p.length !== a.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i]!.startsWith(':')) out[p[i]!.slice(1)] = decodeURIComponent(a[i]!);
    else if (p[i] !== a[i]) return null;
  }
  return out;
}
