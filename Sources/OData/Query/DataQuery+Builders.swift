extension DataQuery {
    /// Navigation segment names after the key, in order (setting it drops segment keys).
    public var navigationPath: [String] {
        get { navigationSegments.map(\.name) }
        set { navigationSegments = newValue.map { NavigationSegment(name: $0) } }
    }

    /// Addresses the entity set and one entity in it by key.
    public func from(_ entitySet: EntitySetDescriptor, withKey key: EntityKey) -> DataQuery {
        from(entitySet).withKey(key)
    }

    /// Addresses one entity by the values of its key properties in key order:
    /// `withKey(Customer.customerID, "1")` for a single key.
    public func withKey<Value>(_ property: TypedProperty<Value>, _ value: Value) -> DataQuery {
        withKey(EntityKey([KeyComponent(name: property.name, value: value.edmValue)]))
    }

    /// Addresses one entity by a composite key given as `(name, value)` pairs in key order.
    public func withKey(_ pairs: KeyValuePairs<String, EdmValue>) -> DataQuery {
        withKey(EntityKey(pairs))
    }

    /// Follows a navigation property from the addressed entity: `Customers('1')/SalesOrders`.
    public func navigate(_ navigation: any PropertyPathConvertible) -> DataQuery {
        var copy = self
        copy.navigationSegments.append(NavigationSegment(name: navigation.propertyPath))
        return copy
    }

    /// Expands a navigation property with a sub-query that selects and expands inside the expansion:
    /// `expand(Customer.salesOrders, withQuery: DataQuery().select(SalesOrderHeader.netAmount).expand(SalesOrderHeader.items))`.
    /// Only the sub-query's `select` and `expand` apply (OData v2 has no other options per expansion).
    public func expand(_ item: any PropertyPathConvertible, withQuery query: DataQuery) -> DataQuery {
        var copy = self
        copy.expandItems.append(ExpandItem(path: item.propertyPath, select: query.selectPaths, expand: query.expandItems))
        return copy
    }

    /// Selects every structural property (`*`).
    public func selectAll() -> DataQuery {
        var copy = self
        copy.selectPaths.append("*")
        return copy
    }

    /// Adds a further sort key (same as calling `orderBy` again).
    public func thenBy(_ item: any PropertyPathConvertible, _ order: SortOrder = .ascending) -> DataQuery {
        orderBy(item, order)
    }

    /// Adds the `search` custom option SAP services understand.
    public func search(_ text: String) -> DataQuery { custom("search", text) }

    /// Skips `skip` entities and takes at most `top`.
    public func page(skip: Int, top: Int) -> DataQuery { self.skip(skip).top(top) }

    /// Invokes a function import with its arguments given by parameter name in parameter order;
    /// each value is rendered as a URL literal of its own type (nil values are left out of the URL).
    public func invoke(_ function: FunctionImportDescriptor, parameters: KeyValuePairs<String, EdmValue?>) -> DataQuery {
        invoke(function, parameters.map { (name: $0.key, value: $0.value) })
    }

    /// Invokes a function import after checking the arguments against its parameters: every name must be a
    /// parameter, every value must have the parameter's type, and non-nullable parameters need a value.
    public func invoke(
        _ function: FunctionImportDescriptor, checking parameters: KeyValuePairs<String, EdmValue?>
    ) throws(DataModelError) -> DataQuery {
        for (name, value) in parameters {
            guard let parameter = function.parameters.first(where: { $0.name == name }) else {
                throw DataModelError("function import \(function.name) has no parameter \(name)")
            }
            if let value, !value.isNull, !parameter.type.holds(value) {
                throw DataModelError(
                    "parameter \(name) of \(function.name) is \(parameter.type.rawValue), not \(value.edmType?.rawValue ?? "this value")")
            }
        }
        for parameter in function.parameters where !parameter.isNullable {
            let given = parameters.first { $0.key == parameter.name }?.value
            guard let given, !given.isNull else {
                throw DataModelError("parameter \(parameter.name) of \(function.name) needs a value")
            }
        }
        return invoke(function, parameters: parameters)
    }
}
