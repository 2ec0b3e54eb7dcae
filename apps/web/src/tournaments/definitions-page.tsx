// The standings' definitions are docs/tournaments.md itself, bundled at build time like docs/stats.md.
// eslint-disable-next-line @nx/enforce-module-boundaries
import tournamentsDoc from '../../../../docs/tournaments.md?raw';
import { DocumentPage } from '../meta/definitions-page';

/** `/tournaments/definitions`: how standings and tie-breakers are computed (docs/tournaments.md). */
export function TournamentDefinitionsPage() {
  return <DocumentPage source={tournamentsDoc} title="Tournament definitions" />;
}
