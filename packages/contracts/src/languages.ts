import { z } from 'zod';
import { interfaceLanguages, responseLanguages } from './language-codes';

export const interfaceLanguageSchema = z.enum(interfaceLanguages);
export const responseLanguageSchema = z.enum(responseLanguages);
