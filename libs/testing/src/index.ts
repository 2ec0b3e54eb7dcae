export * from './services';
export * from './database';
export * from './ports';
