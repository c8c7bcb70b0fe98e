/** In-page anchors of the landing page (hero buttons and footer link to them). */
export const sectionIds = {
  howItWorks: 'how-it-works',
  customerSignup: 'customer-signup',
  designerSignup: 'designer-signup',
} as const;
