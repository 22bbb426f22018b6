export * from './api-routes';
export * from './brand';
export * from './catalog';
export * from './constants';
export * from './errors';
export * from './messages';
export * from './schemas';
export * from './window-events';
