export * from './errors';
export * from './event-store';
export * from './database';
export * from './environment';
export * from './migrate';
export * from './transaction';
