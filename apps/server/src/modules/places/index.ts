// The places module's public face: its descriptor, and the writes the demo seed uses.
export { placesModule } from './places.module.ts';
export { countPois, insertPois, type PoiInput } from './places.service.ts';
