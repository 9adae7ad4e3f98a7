export * from './mail';
export * from './users';
