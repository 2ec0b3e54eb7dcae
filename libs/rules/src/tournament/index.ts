export * from './standings';
export * from './swiss';
export * from './simulate-tournament';
export * from './validate-bundle';
export * from './demo';
export * from './top-cut';
