import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { toolError } from './define-tool';

function textOf(result: ReturnType<typeof toolError>): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

describe('toolError', () => {
  const tool = { name: 'list_tasks' };

  it('passes on the domain’s message with the fields of a validation error', () => {
    const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const result = toolError(
      new AppError('validation_failed', undefined, { fields: { contactId: 'contactNotFound' } }),
      tool,
      log,
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Please fill in all required fields (contactId: contactNotFound)');
    expect(textOf(toolError(new AppError('not_found', 'Task not found'), tool, log))).toBe('Task not found');
  });

  it('describes bad input without a stack', () => {
    const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const parsed = z.object({ query: z.string().min(1) }).safeParse({ query: '' });
    const text = textOf(toolError(parsed.error, tool, log));
    expect(text).toMatch(/^Invalid input: .*query/s);
    expect(text).not.toMatch(/\n\s+at /);
  });

  it('hides an unexpected error’s message and stack, and logs it', () => {
    const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const error = new Error('relation "tasks" does not exist');
    const result = toolError(error, tool, log);
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toContain('relation');
    expect(textOf(result)).not.toContain(' at ');
    expect(log.error).toHaveBeenCalledWith({ err: error, tool: 'list_tasks' }, 'MCP tool failed');
  });
});
