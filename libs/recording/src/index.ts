export * from './errors';
export * from './tokens';
export * from './access';
export * from './catalogs';
export * from './games-table';
export * from './game-recorder';
export * from './game-reader';
export * from './tournament-recorder';
