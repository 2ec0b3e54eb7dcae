import type { CatalogListing, ServedCatalog, Tournament, TournamentConversion, TournamentDecks, TournamentPage, TournamentRound, TournamentStandings, CardsReport, DecksReport, GamePage, GameReplay, GameState, GameSummary, MatchupsReport, OverviewReport } from './types';

/** An error the API answered (`{ error: { code, message } }`), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const TOKEN_KEY = 'cardlog.token';

/** The token lives in this tab's session only (sessionStorage): never in a URL, never persisted. */
export const session = {
  token: (): string => sessionStorage.getItem(TOKEN_KEY) ?? '',
  setToken: (token: string) => (token ? sessionStorage.setItem(TOKEN_KEY, token) : sessionStorage.removeItem(TOKEN_KEY)),
};

function authHeaders(): Record<string, string> {
  const token = session.token();
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function answer<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const { code, message, ...details } = body?.error ?? {};
    throw new ApiError(res.status, code ?? `HTTP_${res.status}`, message ?? (text || res.statusText), details);
  }
  return body as T;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', `the server did not answer (${(error as Error).message})`);
  }
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return answer<T>(await send(path, { headers: { accept: 'application/json', ...authHeaders() }, ...(signal ? { signal } : {}) }));
}

/** POSTs a text body; an error answer is returned with its status rather than thrown. */
export async function postText(path: string, body: string): Promise<{ status: number; body: any }> {
  const res = await send(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...authHeaders() } });
  const text = await res.text();
  try {
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: res.status, body: { error: { code: `HTTP_${res.status}`, message: text } } };
  }
}

/** Query string of the defined, non-empty values. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

const game = (id: string) => `/v1/games/${encodeURIComponent(id)}`;

export const api = {
  games: (filter: Record<string, string | undefined>, signal?: AbortSignal) => getJson<GamePage>(`/v1/games${query(filter)}`, signal),
  game: (id: string, signal?: AbortSignal) => getJson<GameSummary>(game(id), signal),
  replay: (id: string, signal?: AbortSignal) => getJson<GameReplay>(`${game(id)}/replay`, signal),
  state: (id: string, step: number, view: string, signal?: AbortSignal) => getJson<GameState>(`${game(id)}/state${query({ step, view })}`, signal),
};

export const stats = {
  decks: (filter: Record<string, string | undefined>, signal?: AbortSignal) => getJson<DecksReport>(`/v1/stats/decks${query(filter)}`, signal),
  matchups: (filter: Record<string, string | undefined>, signal?: AbortSignal) => getJson<MatchupsReport>(`/v1/stats/matchups${query(filter)}`, signal),
  cards: (filter: Record<string, string | undefined>, signal?: AbortSignal) => getJson<CardsReport>(`/v1/stats/cards${query(filter)}`, signal),
  overview: (filter: Record<string, string | undefined>, signal?: AbortSignal) => getJson<OverviewReport>(`/v1/stats/overview${query(filter)}`, signal),
};

const tournament = (id: string) => `/v1/tournaments/${encodeURIComponent(id)}`;

export const tournaments = {
  list: (filter: Record<string, string | undefined>, signal?: AbortSignal) => getJson<TournamentPage>(`/v1/tournaments${query(filter)}`, signal),
  get: (id: string, signal?: AbortSignal) => getJson<Tournament>(tournament(id), signal),
  standings: (id: string, afterRound: number | undefined, signal?: AbortSignal) => getJson<TournamentStandings>(`${tournament(id)}/standings${query({ afterRound })}`, signal),
  round: (id: string, n: number, signal?: AbortSignal) => getJson<TournamentRound>(`${tournament(id)}/rounds/${n}`, signal),
  decks: (id: string, signal?: AbortSignal) => getJson<TournamentDecks>(`${tournament(id)}/decks`, signal),
  conversion: (id: string, signal?: AbortSignal) => getJson<TournamentConversion>(`/v1/tournaments/conversion${query({ tournament: id })}`, signal),
};

export const catalogs = {
  list: (signal?: AbortSignal) => getJson<{ items: CatalogListing[] }>('/v1/catalogs', signal),
  get: (id: string, signal?: AbortSignal) => getJson<ServedCatalog>(`/v1/catalogs/${encodeURIComponent(id)}`, signal),
};
