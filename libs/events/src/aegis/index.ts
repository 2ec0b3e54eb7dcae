export * from './card';
export * from './primitives';
export * from './events';
export * from './vocabulary';
