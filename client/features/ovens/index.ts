/**
 * The ovens feature's public API to other features: the data the chain pages (locations, templates, fleet) use of
 * ovens, the location select's search and the one-oven chooser. Only data and that small piece, so importing it never pulls the editor into another route's bundle; the app (client/app)
 * composes the pages. Everything else in this folder is internal; the lint fences refuse a deeper import.
 */
export { LocationSearch, useLocationOptions } from './location-options';
export { OvenChooser } from './oven-chooser';
export {
  locationChoiceQuery,
  locationListQuery,
  locationPageQuery,
  ovenKeys,
  ovenPageQuery,
} from './ovens-api';
