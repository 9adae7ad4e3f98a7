/** Spec §4 and §9 timings, in one place. */
export const TIMINGS = {
  registerRedirectMs: 8000,
  authRedirectMs: 5000,
  profileRedirectMs: 5000,
  userDeleteRedirectMs: 3000,
  carouselMs: 5000,
  emailSearchDebounceMs: 450,
  /** A list's search is asked of the server once typing pauses this long. */
  searchDebounceMs: 300,
  /** A picker's search is asked of the server once typing pauses this long. */
  pickerSearchDebounceMs: 200,
  tooltipDelayMs: 200,
  pdfFlagResetMs: 1000,
  banner: {
    oven: 3000,
    deleteOrDuplicateSuccess: 2000,
    recipeAdded: 1000,
    success: 3000,
    error: 5000,
  },
} as const;
