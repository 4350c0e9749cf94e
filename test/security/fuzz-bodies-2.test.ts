import { fuzzBodies, useFuzzingAdmin, writes } from './fuzz-kit';

/** Half of the write routes' bodies (the odd places of the route table's writes), so two workers share them. */
useFuzzingAdmin();
fuzzBodies(writes.filter((_, i) => i % 2 === 1));
