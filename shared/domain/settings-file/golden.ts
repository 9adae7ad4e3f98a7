import { type OvenType, ovenModel } from '../oven-models';
import { crc32 } from './crc32';

/** File name of the committed golden example for a model, e.g. `example-mb.ai2`. */
export function goldenFileName(type: OvenType): string {
  const model = ovenModel(type);
  return `example-${model.code.toLowerCase()}.${model.family}`;
}

/** A file with its END line rewritten so its count and checksum match an edited body (for tests of other rules). */
export function reseal(file: string): string {
  const at = file.lastIndexOf('END ');
  const body = at >= 0 ? file.slice(0, at) : file;
  return `${body}END lines=${body.split('\n').length - 1} crc32=${crc32(body)}\n`;
}
