export * from './wilson';
export * from './rates';
export * from './field';
export * from './stats-params';
export * from './stats-queries';
