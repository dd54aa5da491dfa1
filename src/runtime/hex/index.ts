/** Hex geometry: coordinates, directions, areas, labels, pixels, line of sight, facing. */
export type {
  Cube,
  FractionalCube,
  GridSpec,
  Offset,
  OffsetLayout,
  OffsetParity,
  Orientation,
} from './coords'
export {
  ORIENTATIONS,
  OFFSET_PARITIES,
  checkGridSpec,
  cube,
  cubeAdd,
  cubeEquals,
  cubeKey,
  cubeLerp,
  cubeNegate,
  cubeRound,
  cubeScale,
  cubeSub,
  cubeToOffset,
  isCube,
  offsetShift,
  offsetToCube,
} from './coords'

export type { CompassName, HexVertex, NameLookup, Side } from './directions'
export {
  CLOCK_POSITIONS,
  SIDE_NAMES,
  VERTEX_NAMES,
  clockOfDiagonal,
  clockOfDirection,
  diagonalAtClock,
  directionAtClock,
  isSideClock,
  isVertexClock,
  neighbor,
  neighborAtClock,
  neighbors,
  normalizeClock,
  sideClock,
  sideClockFromName,
  sideIndex,
  sideName,
  sideToward,
  vertexClock,
  vertexClockFromName,
  vertexIndex,
  vertexName,
  vertexNeighbors,
} from './directions'

export type { GridIndex } from './metrics'
export {
  allHexes,
  createGridIndex,
  cubeAtIndex,
  cubeInBounds,
  denseIndex,
  denseIndexOfAxial,
  distance,
  hexesWithin,
  inBounds,
  indexOfCube,
  neighborIndices,
  ring,
} from './metrics'

export type { LabelParse, NumberingScheme } from './labels'
export {
  checkSchemeFits,
  columnFromLetters,
  columnLetters,
  formatLabel,
  parseLabel,
} from './labels'

export type { Point } from './pixel'
export {
  clockUnitVector,
  hexCorner,
  hexCorners,
  hexToPixel,
  hexsideEndpoints,
  pixelToHex,
} from './pixel'

export type { LineExit, LineStep } from './los'
export { exitFrom, lineHexes, lineWalk } from './los'

export type { FacingKind, SectorTable, VertexFacingClass, VertexFacingSector } from './facing'
export {
  RELATIVE_BEARINGS,
  checkFacing,
  checkSectorTable,
  classifyVertexFacing,
  relativeBearing,
  sectorOfDirection,
  turnFacing,
  turnSteps,
} from './facing'

export type { Footprint, FootprintStep } from './footprint'
export {
  classifyFootprintStep,
  footprintHexes,
  footprintRear,
  frontalArc,
  moveFootprint,
  reverseFootprint,
} from './footprint'
