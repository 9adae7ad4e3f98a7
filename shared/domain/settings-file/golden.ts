import { type OvenType, ovenModel } from '../oven-models';

/** File name of the committed golden example for a model, e.g. `example-mb.ai2`. */
export function goldenFileName(type: OvenType): string {
  const model = ovenModel(type);
  return `example-${model.code.toLowerCase()}.${model.family}`;
}
