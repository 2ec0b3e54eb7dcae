import { Link } from '../router';

/** The app's sections; a section is listed once its page exists. */
export const SECTIONS = [
  { href: '/games', label: 'Games', matches: (p: string) => p === '/' || p.startsWith('/games') },
  { href: '/tournaments', label: 'Tournaments', matches: (p: string) => p.startsWith('/tournaments') },
  { href: '/meta', label: 'Meta', matches: (p: string) => p.startsWith('/meta') },
  { href: '/catalogs', label: 'Catalogs', matches: (p: string) => p.startsWith('/catalogs') },
  { href: '/upload', label: 'Upload', matches: (p: string) => p.startsWith('/upload') },
];

export function TopBar({ path }: { path: string }) {
  return (
    <header className="top-bar">
      <Link href="/games" className="brand" aria-label="Cardlog home">
        <img src="/favicon.svg" alt="" width={24} height={24} /> Cardlog
      </Link>
      <nav aria-label="Sections">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.href}>
              <Link href={s.href} aria-current={s.matches(path) ? 'page' : undefined}>
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
