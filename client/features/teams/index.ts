/** The teams feature's public API: what other features' pages show of it. */
export { ChainFilesBar } from './chain-files-bar';
