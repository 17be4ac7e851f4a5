import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { serializerCompiler } from './serialization';

const UserSchema = Type.Object({ _id: Type.String(), name: Type.String() });
const compile = (schema: object, httpStatus = '200') => serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus });

describe('serializerCompiler', () => {
  it('compiles a schema object once, whatever route or status uses it', () => {
    expect(compile(UserSchema, '200')).toBe(compile(UserSchema, '201'));
    expect(compile(Type.Object({ _id: Type.String() }))).not.toBe(compile(UserSchema));
  });

  it('writes only the properties the schema names (a stray password hash never leaves)', () => {
    const json = compile(UserSchema)({ _id: 'a1', name: 'Sara', passwordHash: 'scrypt$secret' });
    expect(JSON.parse(json)).toEqual({ _id: 'a1', name: 'Sara' });
  });
});
