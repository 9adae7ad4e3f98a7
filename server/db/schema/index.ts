export * from './activity';
export * from './mail';
export * from './menu-versions';
export * from './ovens';
export * from './rate-limits';
export * from './recipes';
export * from './settings-files';
export * from './users';
