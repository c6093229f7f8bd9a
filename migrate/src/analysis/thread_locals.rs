//! `thread_local! { static NAME: T = init; }` read as the `static` items it declares, so a pool kept per thread is
//! a static place like any other.

use syn::parse::{Parse, ParseStream};

/// The statics a `thread_local!` invocation declares (none for any other macro, or one this tool cannot parse).
///
/// The spans are those of the source, so an edit of a declared type lands where the user wrote it.
pub fn thread_local_statics(mac: &syn::Macro) -> Vec<syn::ItemStatic> {
    if mac
        .path
        .segments
        .last()
        .is_none_or(|s| s.ident != "thread_local")
    {
        return Vec::new();
    }
    mac.parse_body::<Declarations>()
        .map(|d| d.0)
        .unwrap_or_default()
}

/// The body of a `thread_local!`: statics, the last one's `;` optional.
struct Declarations(Vec<syn::ItemStatic>);

impl Parse for Declarations {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut statics = Vec::new();
        while !input.is_empty() {
            let attrs = input.call(syn::Attribute::parse_outer)?;
            let vis: syn::Visibility = input.parse()?;
            let static_token: syn::Token![static] = input.parse()?;
            let ident: syn::Ident = input.parse()?;
            let colon_token: syn::Token![:] = input.parse()?;
            let ty: syn::Type = input.parse()?;
            let eq_token: syn::Token![=] = input.parse()?;
            let expr: syn::Expr = input.parse()?;
            let semi_token = if input.is_empty() {
                syn::Token![;](proc_macro2::Span::call_site())
            } else {
                input.parse()?
            };
            statics.push(syn::ItemStatic {
                attrs,
                vis,
                static_token,
                mutability: syn::StaticMutability::None,
                ident,
                colon_token,
                ty: Box::new(ty),
                eq_token,
                expr: Box::new(expr),
                semi_token,
            });
        }
        Ok(Declarations(statics))
    }
}

#[cfg(test)]
mod tests {
    use super::thread_local_statics;
    use expect_test::expect;

    fn declared(src: &str) -> String {
        let item: syn::ItemMacro = syn::parse_str(src).unwrap();
        thread_local_statics(&item.mac)
            .iter()
            .map(|s| {
                let ty = &s.ty;
                let expr = &s.expr;
                format!(
                    "{}: {} = {}",
                    s.ident,
                    quote::quote!(#ty),
                    quote::quote!(#expr)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn reads_each_declaration_the_last_semicolon_optional() {
        expect![[r#"
            POOL: Pool = make_pool ()
            COUNT: Cell < u32 > = const { Cell :: new (0) }"#]]
        .assert_eq(&declared(
            "thread_local! { static POOL: Pool = make_pool(); pub static COUNT: Cell<u32> = const { Cell::new(0) } }",
        ));
    }

    #[test]
    fn other_macros_declare_nothing() {
        expect![[""]].assert_eq(&declared(
            "lazy_static! { static ref POOL: Pool = make_pool(); }",
        ));
        expect![[""]].assert_eq(&declared("thread_local! { this is not rust }"));
    }
}
