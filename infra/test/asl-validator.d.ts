/** asl-validator ships no types: the one call the tests make. */
declare module 'asl-validator' {
  export default function validator(definition: unknown): {
    isValid: boolean;
    errors: unknown[];
    errorsText(separator?: string): string;
  };
}
