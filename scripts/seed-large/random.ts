// Deterministic randomness for the large seed: the same seed gives the same firm, row for row.
// One independent stream per domain (sfc32 seeded through splitmix32 from the seed and a name),
// so changing how one domain draws does not shift every table generated after it.

function splitmix32(state: number) {
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function hashName(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index += 1) hash = Math.imul(hash ^ name.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

export type Random = {
  /** [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An index drawn with the given cumulative weights (see `cumulative`). */
  weighted(cumulativeWeights: Float64Array): number;
  /** 16 random bytes for an id. */
  uuidBits(): [number, number, number];
};

export function createRandom(seed: number, stream: string): Random {
  const init = splitmix32((seed ^ hashName(stream)) | 0);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next32 = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let warm = 0; warm < 12; warm += 1) next32();
  const next = () => next32() / 4_294_967_296;
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (cumulativeWeights) => {
      const target = next() * cumulativeWeights[cumulativeWeights.length - 1]!;
      let low = 0;
      let high = cumulativeWeights.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (cumulativeWeights[middle]! > target) high = middle;
        else low = middle + 1;
      }
      return low;
    },
    uuidBits: () => [next32(), next32(), next32()],
  };
}

/** Running sums of weights, for `Random.weighted`. */
export function cumulative(weights: readonly number[]): Float64Array {
  const sums = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    sums[index] = total;
  });
  return sums;
}

const HEX = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, "0"));

/**
 * A UUID v7 (RFC 9562) whose time part is the row's creation time and whose random part comes
 * from the stream: time-ordered like the app's own ids (src/db/schema/columns.ts), and the same
 * on every run.
 */
export function uuidV7At(random: Random, atMs: number): string {
  const [r1, r2, r3] = random.uuidBits();
  const ms = Math.max(0, Math.floor(atMs));
  const high = Math.floor(ms / 0x1_0000_0000);
  const low = ms >>> 0;
  const bytes = [
    (high >>> 8) & 0xff,
    high & 0xff,
    (low >>> 24) & 0xff,
    (low >>> 16) & 0xff,
    (low >>> 8) & 0xff,
    low & 0xff,
    0x70 | ((r1 >>> 24) & 0x0f),
    (r1 >>> 16) & 0xff,
    0x80 | ((r1 >>> 8) & 0x3f),
    r1 & 0xff,
    (r2 >>> 24) & 0xff,
    (r2 >>> 16) & 0xff,
    (r2 >>> 8) & 0xff,
    r2 & 0xff,
    (r3 >>> 24) & 0xff,
    (r3 >>> 16) & 0xff,
  ].map((byte) => HEX[byte]!);
  return `${bytes.slice(0, 4).join("")}-${bytes.slice(4, 6).join("")}-${bytes.slice(6, 8).join("")}-${bytes.slice(8, 10).join("")}-${bytes.slice(10).join("")}`;
}
