export * from './mail';
export * from './recipes';
export * from './users';
