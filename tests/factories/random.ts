import { Faker, en } from '@faker-js/faker';

/** A faker with its own seed, so a generator gives the same world every time. */
export const seededFaker = (seed: number): Faker => {
  const f = new Faker({ locale: [en] });
  f.seed(seed);
  return f;
};
