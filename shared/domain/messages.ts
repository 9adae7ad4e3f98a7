/** The spec's wording (§5, §8) for messages that several rules or screens share. */
export const MESSAGES = {
  recipeName: 'Please enter a valid recipe name',
  recipeNameCharset: 'Please enter a valid recipe name: use letters, numbers, spaces, _ - and " only.',
  ovenType: 'Please select an oven type to start',
  tempTooFar: 'The temperature is too far from previous stage. Please edit stage to correct it.',
  setTempZero: 'Set Temp cannot be 0.',
  stageTooShort: 'A stage must last at least 5 seconds.',
  stageCountMin: 'Add at least one cooking stage.',
  seconds: 'Seconds must be between 00 and 59.',
  eventName: 'Please enter a valid event name: up to 24 letters, numbers, hyphens or spaces.',
  eventTime: 'An event needs minutes or seconds above 0.',
  eventCount: 'A recipe can have at most 2 events.',
  categoryName: 'Please enter a valid category name: up to 16 letters, numbers, hyphens or spaces.',
  ovenName: 'Please input a valid oven name',
  profileName: 'Please enter a valid profile name',
  profileTemp: 'Please enter a valid profile temperature',
  shareEmail: 'Please input a valid email',
} as const;

export const LIMITS = {
  minStageSeconds: 5,
  maxEvents: 2,
  eventNameMax: 24,
  categoryNameMax: 16,
  ovenNameMax: 16,
  profileNameMax: 24,
  versionNameMax: 40,
  versionNoteMax: 500,
  setTempMax: 999,
  percentStep: 5,
} as const;
