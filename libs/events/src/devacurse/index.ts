export * from './card';
export * from './events';
export * from './vocabulary';
