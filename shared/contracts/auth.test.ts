import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../domain/email';
import { englishFields } from '../i18n/english';
import { forgotPasswordRequest, loginRequest, registerRequest, resetPasswordRequest } from './auth';
import { fieldErrors } from './common';
import { updateProfileRequest } from './users';

const errors = (r: { success: boolean; error?: unknown }) =>
  r.success ? {} : englishFields(fieldErrors(r.error as never));
const register = {
  username: 'cook-1_a',
  company: '',
  email: 'Cook@Example.COM',
  password: 'longenough',
  password_confirmation: 'longenough',
  privacy_policy: true,
};

describe('e-mail format (spec §5)', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@sub.example.org', true],
    ['user@[192.168.0.1]', true],
    ['a@b.c', false],
    ['a@b', false],
    ['@b.co', false],
    ['a b@c.co', false],
    ['a@-b.co', false],
    ['user@[999.1.1.1]', false],
    [`${'x'.repeat(250)}@b.co`, false],
  ])('%s → %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });
});

describe('auth forms (spec §5)', () => {
  it('login needs both fields', () => {
    expect(errors(loginRequest.safeParse({}))).toEqual({
      username: ['Username is required.'],
      password: ['Password is required.'],
    });
    expect(loginRequest.parse({ username: 'a', password: 'b' }).remember).toBe(false);
  });

  it('register: lowercases the e-mail and checks every field', () => {
    expect(registerRequest.parse(register).email).toBe('cook@example.com');
    expect(errors(registerRequest.safeParse({ ...register, username: 'with space' }))).toEqual({
      username: ['The username must only contains letters, numbers, dashes and underscores.'],
    });
    expect(errors(registerRequest.safeParse({ ...register, password_confirmation: 'different' }))).toEqual({
      password_confirmation: ['Passwords does not match.'],
    });
    expect(errors(registerRequest.safeParse({ ...register, privacy_policy: false }))).toEqual({
      privacy_policy: ['You need to accept the Privacy Policy.'],
    });
    expect(
      errors(
        registerRequest.safeParse({ ...register, password: '1234567', password_confirmation: '1234567' }),
      ),
    ).toEqual({
      password: ['The password must be at least 8 characters.'],
    });
    expect(
      registerRequest.safeParse({ ...register, password: '12345678', password_confirmation: '12345678' })
        .success,
    ).toBe(true);
  });

  it('forgot and reset use their own wording', () => {
    expect(errors(forgotPasswordRequest.safeParse({ email: '' }))).toEqual({ email: ['Email is required'] });
    expect(errors(forgotPasswordRequest.safeParse({ email: 'x' }))).toEqual({
      email: ['Email must be a valid email address'],
    });
    expect(
      errors(
        resetPasswordRequest.safeParse({
          email: 'a@b.co',
          password: 'longenough',
          password_confirmation: 'longenougX',
          token: 't',
        }),
      ),
    ).toEqual({ password_confirmation: ['Password does not match.'] });
  });

  it('profile: password only when both are filled; a half-filled pair is refused', () => {
    expect(
      updateProfileRequest.safeParse({ username: 'a', password: '', password_confirmation: '' }).success,
    ).toBe(true);
    expect(errors(updateProfileRequest.safeParse({ username: 'a', password: 'longenough' }))).toEqual({
      current_password: ['Your current password is required to set a new one.'],
      password_confirmation: ['Confirm password is required.'],
    });
    expect(
      errors(
        updateProfileRequest.safeParse({
          username: 'a',
          current_password: 'the-old-one',
          password: 'short',
          password_confirmation: 'short',
        }),
      ),
    ).toEqual({
      password: ['The password must be at least 8 characters.'],
    });
  });
});

describe('every problem of a form at once (spec §5)', () => {
  it('register: a mismatched confirmation shows while the privacy policy is unticked', () => {
    expect(
      errors(
        registerRequest.safeParse({ ...register, privacy_policy: false, password_confirmation: 'different' }),
      ),
    ).toEqual({
      privacy_policy: ['You need to accept the Privacy Policy.'],
      password_confirmation: ['Passwords does not match.'],
    });
  });

  it('reset: a mismatched confirmation shows while the e-mail is missing', () => {
    expect(
      errors(
        resetPasswordRequest.safeParse({
          email: '',
          password: 'longenough',
          password_confirmation: 'x',
          token: 't',
        }),
      ),
    ).toEqual({ email: ['Email is required.'], password_confirmation: ['Password does not match.'] });
  });
});
