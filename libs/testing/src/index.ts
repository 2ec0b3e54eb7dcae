export * from './services';
export * from './database';
