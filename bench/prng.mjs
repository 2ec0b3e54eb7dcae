// A small seeded generator (mulberry32) for the benches' random choices: runs repeat exactly.
export class Prng {
  constructor(seed) {
    this.state = seed >>> 0;
  }
  next() {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  below(n) {
    return Math.floor(this.next() * n);
  }
}
