export * from './mail';
export * from './ovens';
export * from './recipes';
export * from './users';
