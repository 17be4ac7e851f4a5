// Response serializers, compiled once per schema object instead of once per route and status.
// Fastify's default compiles a fast-json-stringify function (with its own ajv instance) for every
// status of every route; most share a few schemas (the error body alone appears 8 times a route),
// and compiling them all kept about 30 MB of heap for nothing on a small office machine.
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';

type Serializer = (data: unknown) => string;

const serializers = new WeakMap<object, Serializer>();

/**
 * Compiled by the first answer that uses it, not at start: most routes' answers are never sent in
 * a server's first minutes (docs/decisions.md, "Cold start: what could wait, measured"). One
 * serializer per schema object, compiled once, shared by every route and status that names it.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const key = schema as object;
  let serializer = serializers.get(key);
  if (!serializer) {
    let compiled: Serializer | undefined;
    serializer = (data) => {
      compiled ??= fastJson(key as Parameters<typeof fastJson>[0]) as Serializer;
      return compiled(data);
    };
    serializers.set(key, serializer);
  }
  return serializer;
};
