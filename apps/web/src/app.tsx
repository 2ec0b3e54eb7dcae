import { CatalogPage, CatalogsPage } from './catalogs/catalog-page';
import { GamesPage } from './games/games-page';
import { CardsPage } from './meta/cards-page';
import { DefinitionsPage } from './meta/definitions-page';
import { MetaPage } from './meta/meta-page';
import { TournamentDefinitionsPage } from './tournaments/definitions-page';
import { TournamentPage } from './tournaments/tournament-page';
import { TournamentsPage } from './tournaments/tournaments-page';
import { UploadPage } from './upload/upload-page';
import { ReplayPage } from './replay/replay-page';
import { Link, match, useLocation } from './router';
import { NotFound } from './ui/errors';
import { TopBar } from './ui/top-bar';

/** Path → page. The API answers every non-API path with index.html, so deep links reload here. */
function Page({ path }: { path: string }) {
  if (path === '/' || path === '/games') return <GamesPage />;
  if (path === '/meta') return <MetaPage />;
  if (path === '/meta/cards') return <CardsPage />;
  if (path === '/meta/definitions') return <DefinitionsPage />;
  if (path === '/upload') return <UploadPage />;
  if (path === '/tournaments') return <TournamentsPage />;
  if (path === '/tournaments/definitions') return <TournamentDefinitionsPage />;
  if (path === '/catalogs') return <CatalogsPage />;
  const catalog = match('/catalogs/:id', path);
  if (catalog) return <CatalogPage catalogId={catalog.id!} />;
  const tournament = match('/tournaments/:id', path);
  if (tournament) return <TournamentPage tournamentId={tournament.id!} />;
  const prefix = match('/upload/prefix/:key', path);
  if (prefix) return <ReplayPage gameId={`local:${prefix.key}`} />;
  const replay = match('/games/:id', path);
  if (replay) return <ReplayPage gameId={replay.id!} />;
  return <NotFound path={path} />;
}

export function App() {
  const { path } = useLocation();
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <TopBar path={path} />
      <main id="main" tabIndex={-1}>
        <Page path={path} />
      </main>
      <footer className="footer">
        <Link href="/games">Cardlog</Link> · <a href="/docs">API</a>
      </footer>
    </>
  );
}
