// The validator of every route: TypeBox schemas compiled once per route part (the type provider's compiler). A query
// or path part that already fits its schema is taken as it is; only one that does not (a number sent as text) goes
// through TypeBox's conversion, which cost ~25 µs of every request in Gatehouse's cold regime, for an empty query too.
// Query and path values arrive as strings: a string that fits the schema is what conversion would have left it.
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** TypeBoxValidatorCompiler, with conversion only for query and path parts that need it. */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  const validate = TypeBoxValidatorCompiler(route);
  if (route.httpPart === 'body') return validate;
  const fits = Compile(route.schema);
  return (value) => (fits.Check(value) ? { value } : validate(value));
};
